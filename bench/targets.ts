/** The figures of `npm run bench` that have targets (the performance issue's table): one row each. */
import os from 'node:os';
import type { ApiFigures } from './api-overhead.ts';
import type { ScheduledReportFigures } from './scheduled-reports.ts';

/** The figures that have targets, one row each, with whether each meets it. */
export function printTargets(api: ApiFigures | undefined, mail: ScheduledReportFigures | undefined) {
  const rows: Array<[string, string, string, boolean | null]> = [];
  const row = (measure: string, goal: string, value: string | undefined, met: boolean | undefined) =>
    rows.push([measure, goal, value ?? 'not measured (its benchmark failed)', met ?? null]);
  row(
    'GET /api/brands, 16 connections, app ÷ bare node:http + pg',
    '≥ 0.7',
    api?.ratio.toFixed(2),
    api && api.ratio >= 0.7,
  );
  row(
    'memory of the process `npm start` leaves serving, after start / after 500 requests',
    '≤ 150 MB',
    api && `${api.afterStartMb.toFixed(0)} / ${api.after500Mb.toFixed(0)} MB`,
    api && Math.max(api.afterStartMb, api.after500Mb) <= 150,
  );
  row(
    '200 due reports, one recipient each, 2 processes: last delivery after the due minute',
    '≤ 60 s',
    mail && `${mail.small.lastS.toFixed(1)} s`,
    mail && mail.small.lastS <= 60,
  );
  row(
    'first scheduled mail after its due minute',
    '≤ 10 s',
    mail && `${mail.small.firstS.toFixed(1)} s`,
    mail && mail.small.firstS <= 10,
  );
  row(
    '1,000 due reports, 2 workers: last delivery after the due minute; duplicates',
    '≤ 120 s; 0',
    mail && `${mail.large.lastS.toFixed(1)} s; ${mail.large.duplicates + mail.small.duplicates}`,
    mail && mail.large.lastS <= 120 && mail.large.duplicates + mail.small.duplicates === 0,
  );
  console.log('\nTargets:');
  for (const [measure, goal, value, met] of rows) {
    const verdict = met === null ? '' : met ? 'meets' : 'MISSES';
    console.log(`  ${measure}\n    ${value} (goal ${goal}) ${verdict}`);
  }
  console.log(
    `  (load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')})`,
  );
}
