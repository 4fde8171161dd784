// make lighthouse: starts the built binary on a fresh demo data directory and
// a free loopback port, audits /, /login and /blogs with Lighthouse 12 (its
// default, mobile preset) in Debian's Chromium, prints the scores, and fails
// when one is below its budget.
//
//   CHROME_PATH=/usr/bin/chromium node tools/lighthouse/run.mjs --bin bin/rehome [--runs 3] [--out bin/lighthouse]
//
// Performance varies from run to run, all the more on a shared machine, so
// each page is audited --runs times and the run with the median performance
// score is the one reported (as Lighthouse's documentation advises).

import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const pages = ['/', '/login', '/blogs'];

// The lowest acceptable score of each category, out of 100.
const budgets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

// Chromium as it runs on these machines: headless, without a sandbox or GPU,
// and without the background traffic that would show in the audits.
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const { values: args } = parseArgs({
  options: {
    bin: { type: 'string', default: 'bin/rehome' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'bin/lighthouse' },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// startRehome serves the demo marketplace and resolves once it is written:
// the server listens at once and answers that the demo is being prepared
// (/healthz 503) until then.
async function startRehome(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(args.bin, ['serve', '--demo', '--data', dataDir, '--addr', `127.0.0.1:${port}`],
    { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = null;
  child.on('exit', (code, signal) => { exited = signal ?? `exit code ${code}`; });
  child.on('error', (err) => { exited = err.message; });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${args.bin} stopped before answering: ${exited}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`${args.bin} did not answer within a minute`);
}

function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}

function scoresOf(lhr) {
  return Object.fromEntries(Object.keys(budgets).map((id) => [id, Math.round(100 * (lhr.categories[id]?.score ?? 0))]));
}

// failingAudits names what cost a category points: audits that count
// towards its score and did not pass.
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
}

const slug = (path) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/\W+/g, '-'));

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'rehome-lighthouse-'));
  let rehome;
  let chrome;
  let failed = false;
  try {
    rehome = await startRehome(dataDir);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags,
    });
    await mkdir(args.out, { recursive: true });
    const rows = [];
    let versions = '';
    for (const path of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${rehome.base}${path}`, {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: Object.keys(budgets),
        });
        if (result.lhr.runtimeError) {
          throw new Error(`${path}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
        }
        results.push(result);
        const chromium = result.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
        versions = `Lighthouse ${result.lhr.lighthouseVersion}, Chromium ${chromium}`;
      }
      results.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
      const median = results[Math.floor(results.length / 2)];
      const scores = scoresOf(median.lhr);
      await writeFile(join(args.out, `${slug(path)}.html`), median.report);
      const misses = Object.entries(budgets).filter(([id, min]) => scores[id] < min);
      rows.push({ path, scores, all: results.map((r) => Math.round(100 * r.lhr.categories.performance.score)) });
      for (const [id] of misses) {
        failed = true;
        console.log(`${path}: ${id} ${scores[id]} < ${budgets[id]}: ${failingAudits(median.lhr, id).join('; ')}`);
      }
    }
    console.log(`\n${versions}, mobile preset; ${runs} run(s) per page, the median by performance shown:\n`);
    const header = ['page', ...Object.keys(budgets), 'performance of each run'];
    console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const { path, scores, all } of rows) {
      console.log(`| \`${path}\` | ${Object.keys(budgets).map((id) => scores[id]).join(' | ')} | ${all.join(', ')} |`);
    }
    console.log(`\nBudgets: ${Object.entries(budgets).map(([id, min]) => `${id} ≥ ${min}`).join(', ')}. Reports: ${args.out}/`);
  } finally {
    if (chrome) await chrome.kill();
    await stop(rehome?.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\nmake lighthouse: below budget');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(`make lighthouse: ${err.message}`);
  process.exitCode = 1;
});
