// Imported first by every entry script: the app needs Node.js 24.7 or newer (crypto.argon2
// hashes passwords). An older Node stops here with a message saying how to get a newer one,
// instead of failing later inside the build or at the first sign-in.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 7)) {
  console.error(
    [
      `Harmattan Bank needs Node.js 24.7 or newer; this is Node.js ${process.versions.node}.`,
      'Install Node 24 LTS (https://nodejs.org, or `nvm install` in this folder, which reads .nvmrc),',
      'or without root: npm install -g --prefix "$HOME/.cache/node24" node@24 && export PATH="$HOME/.cache/node24/bin:$PATH"',
    ].join('\n'),
  );
  process.exit(1);
}
