// The yardstick: bare node:http answering the same bodies from memory (the api's JSON, the shell's
// page). Started as a child process (as the servers measured are); the parent sends
// {path: body} (JSON text) or {path: {base64, headers}} (bytes with their headers) and gets the port.
import http from 'node:http';

/** @typedef {string | { base64: string, headers: Record<string, string> }} Answer */

process.once('message', (/** @type {Record<string, Answer>} */ bodies) => {
  const answers = new Map(
    Object.entries(bodies).map(([path, answer]) => {
      if (typeof answer === 'string') return [path, { body: Buffer.from(answer), headers: { 'content-type': 'application/json; charset=utf-8' } }];
      return [path, { body: Buffer.from(answer.base64, 'base64'), headers: answer.headers }];
    }),
  );
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length }).end(answer.body);
  });
  // Forked by the bench, so process.send exists.
  server.listen(0, '127.0.0.1', () => process.send?.({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port }));
});
