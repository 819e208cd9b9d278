package mcp

import (
	"context"
	"time"
)

// BeginVersion is Begin for a modern request whose _meta declares
// version instead of the session's version: the probe that asks for a
// version the server does not support.
func (c *Client) BeginVersion(version, method string, params map[string]any, timeout time.Duration) (wait func(context.Context) (Message, error), err error) {
	return c.beginWait(method, params, func(p map[string]any) map[string]any { return ModernParams(version, p) }, timeout)
}

// Begin sends a request without waiting and returns the wait for its
// response, which behaves as Request does. Requests begun one after the
// other reach the server in that order, however their waits interleave.
func (c *Client) Begin(method string, params map[string]any, timeout time.Duration) (wait func(context.Context) (Message, error), err error) {
	return c.beginWait(method, params, c.withMeta, timeout)
}

// BeginWithout is Begin for a modern request whose _meta lacks key, one
// of the per-request fields: the probe of a server's check of the
// required ones.
func (c *Client) BeginWithout(key, method string, params map[string]any, timeout time.Duration) (wait func(context.Context) (Message, error), err error) {
	return c.beginWait(method, params, func(p map[string]any) map[string]any {
		out := c.withMeta(p)
		if meta, ok := out["_meta"].(map[string]any); ok {
			delete(meta, key)
		}
		return out
	}, timeout)
}

// beginWait is Begin with the params finished by meta (see beginAs).
func (c *Client) beginWait(method string, params map[string]any, meta func(map[string]any) map[string]any, timeout time.Duration) (wait func(context.Context) (Message, error), err error) {
	if timeout <= 0 {
		timeout = c.opts.Timeout
	}
	call, err := c.beginAs(method, params, meta)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) (Message, error) { return c.result(ctx, call, timeout) }, nil
}
