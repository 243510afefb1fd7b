// What `npm test` needs on the machine, and what it says when a tool is missing (scripts/test.mjs). A suite is
// never skipped silently: a missing tool fails the run with the install line of Debian's package.

/**
 * The tools of `npm test` as found by `find` (the find-tools functions, or fakes in tests) and `env`: each is
 * `{ name, found, from, missing }` — `from` says where it comes from ('env' when the environment names one
 * started elsewhere), `missing` is the message that fails the run when it is not found.
 */
export function testTools(env, find) {
  const chromiumGiven = env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist)` : '';
  return [
    {
      name: 'chromium',
      found: find.chromium(),
      from: 'machine',
      missing: `End-to-end tests need Chromium${chromiumGiven}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    },
    env.TEST_DATABASE_URL
      ? { name: 'postgres', found: env.TEST_DATABASE_URL, from: 'env', missing: '' }
      : {
          name: 'postgres',
          found: find.postgres(),
          from: 'machine',
          missing:
            'Tests need PostgreSQL. Install it (Debian: apt-get install postgresql) or set TEST_DATABASE_URL.',
        },
    env.TEST_RABBITMQ
      ? { name: 'rabbitmq', found: env.TEST_RABBITMQ, from: 'env', missing: '' }
      : {
          name: 'rabbitmq',
          found: find.rabbitmq(),
          from: 'machine',
          missing:
            'Tests need RabbitMQ with its Web-STOMP plugin (bundled). Install it (Debian: apt-get install rabbitmq-server); no service needs to run.',
        },
  ];
}

/** The first missing tool's message, or null when every tool is there. */
export function missingTool(tools) {
  return tools.find((tool) => !tool.found)?.missing ?? null;
}
