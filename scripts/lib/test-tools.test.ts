import { describe, expect, it } from 'vitest';
import { missingTool, testTools } from './test-tools.mjs';

const all = {
  chromium: () => '/usr/bin/chromium',
  postgres: () => '/usr/lib/pg/bin',
  rabbitmq: () => '/rmq/bin',
};

describe('npm test: what it needs on the machine (SO.2)', () => {
  it('runs when Chromium, PostgreSQL and RabbitMQ are all there', () => {
    expect(missingTool(testTools({}, all))).toBeNull();
  });

  it.each([
    ['chromium', /need Chromium\. Install it \(Debian: apt-get install chromium\)/],
    ['postgres', /need PostgreSQL\. Install it \(Debian: apt-get install postgresql\)/],
    ['rabbitmq', /need RabbitMQ .*Install it \(Debian: apt-get install rabbitmq-server\)/],
  ] as const)('fails without %s and says what to install', (name, message) => {
    expect(missingTool(testTools({}, { ...all, [name]: () => null }))).toMatch(message);
  });

  it('takes a database or a RabbitMQ node named by the environment instead of the machine’s', () => {
    const none = { chromium: () => '/usr/bin/chromium', postgres: () => null, rabbitmq: () => null };
    const tools = testTools(
      { TEST_DATABASE_URL: 'postgres://db/t', TEST_RABBITMQ: '{"url":"ws://mq"}' },
      none,
    );
    expect(missingTool(tools)).toBeNull();
    expect(tools.map((tool) => tool.from)).toEqual(['machine', 'env', 'env']);
  });

  it('names a CHROMIUM_PATH that does not exist', () => {
    const tools = testTools({ CHROMIUM_PATH: '/nowhere/chromium' }, { ...all, chromium: () => null });
    expect(missingTool(tools)).toMatch('(CHROMIUM_PATH=/nowhere/chromium does not exist)');
  });
});
