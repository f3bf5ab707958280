import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../config.ts';
import { migrationsFolder, projectRoot } from '../../paths.ts';

// The Dockerfile and compose.yaml (docs/operations.md). No docker engine here: their structure is checked,
// and `docker compose config` validates compose.yaml where the compose plugin is installed.
const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped, split into stages. */
function dockerfileStages() {
  const instructions = read('Dockerfile')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
  const stages: { from: string; instructions: typeof instructions }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] });
    else stages.at(-1)!.instructions.push(instruction);
  }
  return stages;
}

/** ENV instructions (`KEY=value` pairs) of a stage. */
function envOf(instructions: { keyword: string; args: string }[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of instructions) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const [key, value] = pair.split('=');
      env[key!] = value!;
    }
  }
  return env;
}

function hasDockerCompose() {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `${NAME:-default}` as compose fills it in with nothing set. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

describe('Dockerfile', () => {
  const stages = dockerfileStages();
  const final = stages.at(-1)!;
  const of = (keyword: string) => final.instructions.filter((instruction) => instruction.keyword === keyword);

  it('builds in one stage and runs from another, on the Node version the project supports', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:20[.-]/);
    expect(stages[0]!.instructions.map((instruction) => instruction.args)).toContain('npm run build');
    // The image gets the runtime dependencies alone, the build and the migrations.
    const copies = of('COPY').map((instruction) => instruction.args);
    expect(copies).toEqual(expect.arrayContaining([expect.stringMatching(/^--from=\S+ \/app\/dist \.\/dist$/)]));
    expect(copies).toContain(`${path.relative(projectRoot, migrationsFolder)} ./${path.relative(projectRoot, migrationsFolder)}`);
    const depsStage = stages.find((stage) => copies.some((copy) => copy.startsWith(`--from=${stage.from.split(/\s+as\s+/i)[1]} /app/node_modules`)));
    expect(depsStage?.instructions.map((instruction) => instruction.args)).toContain('npm ci --omit=dev --no-audit --no-fund');
  });

  it('copies only what the repository has and .dockerignore lets through', () => {
    const ignored = read('.dockerignore').split('\n').filter(Boolean);
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.env']));
    for (const stage of stages) {
      for (const { keyword, args } of stage.instructions) {
        if (keyword !== 'COPY' || args.startsWith('--from=')) continue;
        const sources = args.split(/\s+/).slice(0, -1);
        for (const source of sources.filter((source) => source !== '.')) {
          expect(fs.existsSync(path.join(projectRoot, source)), source).toBe(true);
          expect(ignored.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)), source).toBe(false);
        }
      }
    }
  });

  it('runs the production build as a user other than root, with its data in a volume, and checks /healthz', () => {
    const users = of('USER').map((instruction) => instruction.args);
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const env = envOf(final.instructions);
    expect(env.NODE_ENV).toBe('production');
    expect(() => loadConfig(env)).not.toThrow();
    expect(of('VOLUME').map((instruction) => instruction.args).join(' ')).toContain(`"${env.DATA_DIR}"`);
    expect(of('HEALTHCHECK')[0]?.args).toMatch(/CMD .*\/healthz/);
    expect(of('EXPOSE').map((instruction) => instruction.args)).toContain(env.PORT);
    // Node's flags and the allocator's setting as `npm start` has them (decision 004: memory under load).
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    const nodeFlags = start.split(/\s+/).filter((word) => word.startsWith('--'));
    expect(nodeFlags).toContain('--max-semi-space-size=16');
    expect(JSON.parse(of('CMD').at(-1)!.args)).toEqual(['node', ...nodeFlags, 'dist/server/main.js']);
    expect(start).toContain(`MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${env.MALLOC_ARENA_MAX}}`);
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    // The USER comes after the last RUN: nothing of the running image is done as root after it.
    const order = final.instructions.map((instruction) => instruction.keyword);
    expect(order.lastIndexOf('USER')).toBeGreaterThan(order.lastIndexOf('RUN'));
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, { build?: string; image?: string; environment?: Record<string, string>; volumes?: string[]; depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] } }>;
    volumes: Record<string, unknown>;
  };

  it('runs Zerri on PostgreSQL and Redis, started once they are healthy', () => {
    const { zerri, postgres, redis } = compose.services;
    expect(zerri?.build).toBe('.');
    expect(postgres?.image).toMatch(/^postgres:\d+/);
    expect(redis?.image).toMatch(/^redis:\d+/);
    expect(zerri?.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    for (const service of [postgres, redis]) expect(service?.healthcheck?.test.length).toBeGreaterThan(0);
    const env = Object.fromEntries(Object.entries(zerri!.environment!).map(([key, value]) => [key, withDefaults(String(value))]));
    expect(new URL(env.DATABASE_URL!).host).toBe('postgres:5432');
    expect(new URL(env.DATABASE_URL!).username).toBe(withDefaults(postgres!.environment!.POSTGRES_USER!));
    expect(new URL(env.DATABASE_URL!).password).toBe(withDefaults(postgres!.environment!.POSTGRES_PASSWORD!));
    expect(new URL(env.REDIS_URL!).host).toBe('redis:6379');
    // With the image's own settings the app accepts them.
    expect(() => loadConfig({ ...envOf(dockerfileStages().at(-1)!.instructions), ...env })).not.toThrow();
    // Where docker has its compose plugin (not on the CI machine), compose's own validation too.
    if (hasDockerCompose()) execFileSync('docker', ['compose', '-f', 'compose.yaml', 'config', '--quiet'], { cwd: projectRoot });
  });

  it('keeps the data of each service in a named volume, Zerri\'s at the image\'s DATA_DIR', () => {
    const dataDir = envOf(dockerfileStages().at(-1)!.instructions).DATA_DIR;
    expect(compose.services.zerri?.volumes).toContainEqual(expect.stringMatching(new RegExp(`^[a-z-]+:${dataDir}$`)));
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    }
  });
});
