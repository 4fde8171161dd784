// make lighthouse: starts the built binary on a fresh demo data directory and
// a free loopback port, audits /, /login and /blogs with Lighthouse 12 (its
// default, mobile preset) in Debian's Chromium, prints the scores, and fails
// when one is below its budget (performance only without a reference: with
// one, the home page's LCP and TBT against the reference's are the gate).
//
//   CHROME_PATH=/usr/bin/chromium node tools/lighthouse/run.mjs --bin bin/rehome \
//     [--reference bin/reference-6590707/rehome --reference-name 6590707 --pairs 5] [--runs 3] [--out bin/lighthouse]
//
// Performance varies from run to run, all the more on a shared machine, so
// each page is audited --runs times and the run with the median performance
// score is the one reported (as Lighthouse's documentation advises).
//
// Scores measured on one machine mean little on another, so the home page is
// also weighed against a reference build (an older commit's binary, on a
// fresh demo data directory of its own): the two are audited in turn,
// reference then ours, --pairs times each, so that whatever else the machine
// does weighs on both alike. Our median Largest Contentful Paint and Total
// Blocking Time must each stay within maxRatio of the reference's in the
// same run: times measured here are not compared with any fixed figure.

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

// The home page's median Largest Contentful Paint and Total Blocking Time,
// each against the reference's.
const maxRatio = 1.1;

// Chromium as it runs on these machines: headless, without a sandbox or GPU,
// and without the background traffic that would show in the audits.
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const { values: args } = parseArgs({
  options: {
    bin: { type: 'string', default: 'bin/rehome' },
    reference: { type: 'string' },
    'reference-name': { type: 'string', default: 'reference' },
    pairs: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'bin/lighthouse' },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);
const pairs = Math.max(1, Number(args.pairs) || 1);

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

// startRehome serves the demo marketplace with the binary bin and resolves
// once the demo is written: the server listens at once and answers that it
// is being prepared (/healthz 503) until then. The reference, which has no
// /healthz, answers it with the app's page once it listens, after its demo.
async function startRehome(bin, dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ['serve', '--demo', '--data', dataDir, '--addr', `127.0.0.1:${port}`],
    { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = null;
  child.on('exit', (code, signal) => { exited = signal ?? `exit code ${code}`; });
  child.on('error', (err) => { exited = err.message; });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${bin} stopped before answering: ${exited}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`${bin} did not answer within a minute`);
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

const performanceOf = (result) => Math.round(100 * result.lhr.categories.performance.score);
const blockingOf = (result) => result.lhr.audits['total-blocking-time'].numericValue;
const paintOf = (result) => result.lhr.audits['largest-contentful-paint'].numericValue;
const ms = (value) => `${Math.round(value)} ms`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// The run with the median performance score, the one whose report is kept.
function medianRun(results) {
  const sorted = [...results].sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
  return sorted[Math.floor(sorted.length / 2)];
}

let versions = '';

async function audit(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: Object.keys(budgets),
  });
  if (result.lhr.runtimeError) {
    throw new Error(`${url}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  }
  const chromium = result.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
  versions = `Lighthouse ${result.lhr.lighthouseVersion}, Chromium ${chromium}`;
  return result;
}

// compareHome audits / on the reference and on ours in turn, pairs times
// each, and returns each side's runs.
async function compareHome(chrome, reference, ours) {
  const sides = { reference: [], ours: [] };
  for (let i = 0; i < pairs; i++) {
    sides.reference.push(await audit(chrome, `${reference.base}/`));
    sides.ours.push(await audit(chrome, `${ours.base}/`));
  }
  return sides;
}

async function main() {
  const dataDirs = [];
  const servers = [];
  let chrome;
  let failed = false;
  const serve = async (bin) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rehome-lighthouse-'));
    dataDirs.push(dataDir);
    const server = await startRehome(bin, dataDir);
    servers.push(server);
    return server;
  };
  try {
    const rehome = await serve(args.bin);
    const reference = args.reference ? await serve(args.reference) : null;
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags,
    });
    await mkdir(args.out, { recursive: true });

    // The home page first, against the reference; its own runs then count
    // as its audits for the score budgets.
    const compared = reference ? await compareHome(chrome, reference, rehome) : null;
    if (compared) {
      await writeFile(join(args.out, `home-${slug(args['reference-name'])}.html`), medianRun(compared.reference).report);
    }

    const rows = [];
    for (const path of pages) {
      const results = path === '/' && compared ? compared.ours : [];
      while (results.length < runs) results.push(await audit(chrome, `${rehome.base}${path}`));
      const best = medianRun(results);
      const scores = scoresOf(best.lhr);
      await writeFile(join(args.out, `${slug(path)}.html`), best.report);
      const misses = Object.entries(budgets).filter(([id, min]) => scores[id] < min);
      rows.push({ path, scores, all: results, best });
      for (const [id] of misses) {
        // Performance is timed, and a shared machine's times swing 2–5×
        // within a day: beside a reference audited in turn, the gate is the
        // ratio to it below, and the score is only reported.
        const gated = !(id === 'performance' && compared);
        if (gated) failed = true;
        console.log(`${path}: ${id} ${scores[id]} < ${budgets[id]}${gated ? '' : ' (reported, not gated)'}: ` +
          failingAudits(best.lhr, id).join('; '));
      }
    }
    console.log(`\n${versions}, mobile preset; ${runs} run(s) per page or more, the median by performance shown:\n`);
    const header = ['page', ...Object.keys(budgets), 'LCP', 'TBT', 'performance / LCP / TBT of each run'];
    console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const { path, scores, all, best } of rows) {
      const each = all.map((r) => `${performanceOf(r)} / ${ms(paintOf(r))} / ${ms(blockingOf(r))}`).join(', ');
      console.log(`| \`${path}\` | ${Object.keys(budgets).map((id) => scores[id]).join(' | ')} | ` +
        `${ms(paintOf(best))} | ${ms(blockingOf(best))} | ${each} |`);
    }
    console.log(`\nBudgets: ${Object.entries(budgets).map(([id, min]) => `${id} ≥ ${min}`).join(', ')}. Reports: ${args.out}/`);

    if (compared) {
      const name = args['reference-name'];
      console.log(`\nThe home page \`/\` against ${name}, audited in turn, ${pairs} run(s) each:\n`);
      console.log('| build | performance, median | Largest Contentful Paint, median | Total Blocking Time, median | ' +
        'performance of each run | LCP of each run | TBT of each run |');
      console.log('|---|---|---|---|---|---|---|');
      const medians = {};
      for (const [side, label] of [['reference', name], ['ours', 'this build']]) {
        const results = compared[side];
        medians[side] = { paint: median(results.map(paintOf)), blocking: median(results.map(blockingOf)) };
        console.log(`| ${label} | ${median(results.map(performanceOf))} | ${ms(medians[side].paint)} | ` +
          `${ms(medians[side].blocking)} | ${results.map(performanceOf).join(', ')} | ` +
          `${results.map((r) => ms(paintOf(r))).join(', ')} | ${results.map((r) => ms(blockingOf(r))).join(', ')} |`);
      }
      console.log();
      for (const [metric, label] of [['paint', 'Largest Contentful Paint'], ['blocking', 'Total Blocking Time']]) {
        const [ours, reference] = [medians.ours[metric], medians.reference[metric]];
        const ratio = reference > 0 ? ours / reference : ours > 0 ? Infinity : 1;
        const within = ours <= maxRatio * reference;
        console.log(`${label}, this build against ${name}: ${ratio.toFixed(2)}× (budget ≤ ${maxRatio}×): ${within ? 'met' : 'NOT met'}`);
        if (!within) failed = true;
      }
    }
  } finally {
    if (chrome) await chrome.kill();
    await Promise.all(servers.map((server) => stop(server.child)));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
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
