import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A built web app's index.html as Vite writes it (its module scripts, a preload and the stylesheet), for the server pages' tests. */
export function fakeWebFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-web-'));
  fs.writeFileSync(
    path.join(folder, 'index.html'),
    `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Zerri: sell digital products." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script src="/theme.js"></script>
    <title>Zerri</title>
    <script type="module" crossorigin src="/assets/rolldown-runtime-X.js"></script>
    <script type="module" crossorigin src="/assets/first-view-X.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-X.js">
    <link rel="stylesheet" crossorigin href="/assets/first-view-X.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  return folder;
}
