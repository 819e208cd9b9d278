// Preloaded (node --require) into the npm servers the authorization tests
// run, so that they listen on loopback only: a server given only a port
// would otherwise listen on every interface of the machine running tests.
'use strict';
const net = require('node:net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const host = typeof args[1] === 'string' ? args[1] : '127.0.0.1';
    const rest = typeof args[1] === 'string' ? args.slice(2) : args.slice(1);
    return listen.call(this, Number(args[0]), host, ...rest);
  }
  if (args[0] && typeof args[0] === 'object' && args[0].port !== undefined && !args[0].host && !args[0].path) {
    args[0] = { ...args[0], host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};
