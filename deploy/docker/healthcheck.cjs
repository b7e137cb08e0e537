// The image's HEALTHCHECK: GET /healthz on the app's own port (PORT, else the default the build
// wrote from the service registry). Plain http: nothing to load, it runs every few seconds.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const port = Number(process.env.PORT || fs.readFileSync(path.join(__dirname, 'default-port'), 'utf8'));
const req = http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 2000 }, (res) => {
  res.resume();
  process.exit(res.statusCode === 200 ? 0 : 1);
});
req.on('timeout', () => req.destroy(new Error('timeout')));
req.on('error', () => process.exit(1));
