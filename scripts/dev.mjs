#!/usr/bin/env node
// `npm run dev`: the API with reload on port 3000 and Vite's dev server (proxying /v1) on 5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@jinfa/server'], { stdio: 'inherit', env: { ...process.env, TEST_LOGIN: process.env.TEST_LOGIN ?? 'on' } }),
  spawn('npm', ['run', 'dev', '-w', '@jinfa/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
