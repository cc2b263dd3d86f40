/**
 * The environment a test gives a process it starts (a server, a worker, npm): only what it names,
 * so the child reads no setting of this machine's, plus PATH and the clock this process runs on.
 * When the suite runs at a chosen time of day (`.ci/test-at-time`), the faked clock is carried by
 * these variables: a child started without them would live hours away from the test and its database.
 */
const CLOCK_VARIABLES = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC', 'TZ'] as const;

export function childEnvironment(variables: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const clock = process.env.FAKETIME
    ? Object.fromEntries(CLOCK_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])))
    : {};
  return { PATH: process.env.PATH ?? '', ...clock, ...variables };
}
