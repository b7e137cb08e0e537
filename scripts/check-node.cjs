// `npm test` runs on the Node that package.json's engines names (the tests use its global
// WebSocket, which Node 20 lacks): on an older one it says so at once, not after minutes of
// failures. `npm start` is not checked: it still runs on Node 20.19+ (README).
const { engines } = require('../package.json');

const needed = Number(/\d+/.exec(engines.node)[0]);
const running = Number(process.versions.node.split('.')[0]);
if (running < needed) {
  console.error(`npm test needs Node ${needed} or later (package.json engines); this is Node ${process.versions.node}. See the README.`);
  process.exit(1);
}
