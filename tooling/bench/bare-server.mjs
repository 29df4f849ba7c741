// The yardstick beside the api: bare node:http answering the same JSON bodies from memory.
// Started as a child process (as the api is one); the parent sends {path: body} and gets the port.
import http from 'node:http';

process.once('message', (/** @type {Record<string, string>} */ bodies) => {
  const answers = new Map(Object.entries(bodies).map(([path, body]) => [path, Buffer.from(body)]));
  const server = http.createServer((req, res) => {
    const body = answers.get(req.url ?? '');
    if (!body) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
  });
  // Forked by api-throughput.mjs, so process.send exists.
  server.listen(0, '127.0.0.1', () => process.send?.({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port }));
});
