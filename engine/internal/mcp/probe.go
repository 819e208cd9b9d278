package mcp

import (
	"context"
	"time"
)

// RequestVersion is Request for a modern request whose _meta declares
// version instead of the session's version: the probe that asks for a
// version the server does not support.
func (c *Client) RequestVersion(ctx context.Context, version, method string, params map[string]any, timeout time.Duration) (Message, error) {
	if timeout <= 0 {
		timeout = c.opts.Timeout
	}
	call, err := c.beginAs(method, params, func(p map[string]any) map[string]any { return ModernParams(version, p) })
	if err != nil {
		return Message{}, err
	}
	return c.result(ctx, call, timeout)
}

// Begin sends a request without waiting and returns the wait for its
// response, which behaves as Request does. Requests begun one after the
// other reach the server in that order, however their waits interleave.
func (c *Client) Begin(method string, params map[string]any, timeout time.Duration) (wait func(context.Context) (Message, error), err error) {
	if timeout <= 0 {
		timeout = c.opts.Timeout
	}
	call, err := c.begin(method, params)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) (Message, error) { return c.result(ctx, call, timeout) }, nil
}
