import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths.ts';

// Zerri supports the oldest Node.js its `engines` field names (decision 012): every installed package
// must declare support for it, or `npm ci` warns and the package may use what that Node lacks.
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, file), 'utf8'));

describe('Node.js versions', () => {
  const ownRange: string = read('package.json').engines.node;
  const oldest = semver.minVersion(ownRange)!.version;

  it('runs on the oldest Node.js it claims, and the Dockerfile builds on that major', () => {
    expect(semver.satisfies(process.version, ownRange)).toBe(true);
    const images = fs.readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8').match(/^FROM node:(\d+)/gm) ?? [];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toBe(`FROM node:${semver.major(oldest)}`);
  });

  it('installs no package that declares a newer Node.js than Zerri supports', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const refused = Object.entries(lock.packages)
      .filter(([location]) => location !== '')
      .flatMap(([location, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        if (!range || !semver.validRange(range)) return [];
        return semver.satisfies(oldest, range) ? [] : [`${location.replace(/^.*node_modules\//, '')} needs ${range}`];
      });
    expect(refused).toEqual([]);
  });
});
