// End-to-end test of `jass debug --dap` with @vscode/debugadapter-testsupport, the client
// library VS Code's own debug adapters are tested with (issue 10, "Done when").
//
// Run: `npm ci && npm test` in this folder (tests/test_dap_e2e.py does it from pytest).
// JASS_PYTHON names the Python that has jassvm installed (default: ../../.venv/bin/python).
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const ROOT = path.resolve(__dirname, '..', '..');
const SHARED = path.resolve(ROOT, '..', 'shared');
const PYTHON = process.env.JASS_PYTHON || path.join(ROOT, '.venv', 'bin', 'python');
const MAP = path.join(SHARED, 'corpus', 'maps', 'campaign-human01', 'war3map.j');
const API = path.join(SHARED, 'corpus', 'api', '1.30.4');
const BLIZZARD = path.join(API, 'Blizzard.j');
const OPLIMIT = path.join(__dirname, 'oplimit.j');
const TIMEOUT = 120000;   // ms for any one answer (a map load on a busy CI machine)

function startClient() {
  const dc = new DebugClient(PYTHON, path.join(__dirname, 'adapter.py'), 'jass',
                             { cwd: ROOT, env: process.env }, !!process.env.JASS_DAP_STDERR);
  dc.defaultTimeout = TIMEOUT;
  return dc.start().then(() => dc);
}

// Game time from a stopped event's description: "... (game time 4.510 s)".
function gameTime(stopped) {
  const m = /game time ([0-9.]+) s/.exec(stopped.body.description);
  assert.ok(m, `no game time in ${stopped.body.description}`);
  return Number(m[1]);
}

async function topFrames(dc, stopped) {
  const st = await dc.stackTraceRequest({ threadId: stopped.body.threadId });
  return st.body.stackFrames;
}

async function resume(dc, request, args) {
  const stopped = dc.waitForEvent('stopped');
  await dc[request](args);
  return stopped;
}

async function variable(dc, ref, name) {
  const vars = (await dc.variablesRequest({ variablesReference: ref })).body.variables;
  const found = vars.find(v => v.name === name);
  assert.ok(found, `no variable ${name} in ${vars.map(v => v.name).join(', ')}`);
  return found;
}

test('campaign-human01: breakpoints, stepping over a wait, inspection, logpoints, setVariable', { timeout: 10 * TIMEOUT }, async () => {
  const dc = await startClient();
  const outputs = [];
  dc.on('output', e => outputs.push(e.body));
  try {
    const init = await dc.initializeRequest();
    assert.equal(init.body.supportsConfigurationDoneRequest, true);
    assert.ok(init.body.exceptionBreakpointFilters.some(f => f.filter === 'op-limit'));

    const initialized = dc.waitForEvent('initialized');
    const launched = dc.launchRequest({ program: MAP, api: API, until: '2m' });
    await initialized;
    // Trig_Intro_Cinematic_Actions, `call CameraSetSmoothingFactorBJ( 2.00 )`: the intro's
    // action thread, which Map Initialization starts with ConditionalTriggerExecute.
    const set = await dc.setBreakpointsRequest({ source: { path: MAP }, breakpoints: [{ line: 2336 }] });
    assert.equal(set.body.breakpoints[0].verified, true);
    assert.equal(set.body.breakpoints[0].line, 2336);
    let stopped = dc.waitForEvent('stopped');
    await dc.configurationDoneRequest();
    await launched;

    // 1. the line breakpoint in a trigger action, with the expected stack and threads
    stopped = await stopped;
    assert.equal(stopped.body.reason, 'breakpoint');
    assert.deepEqual(stopped.body.hitBreakpointIds, [set.body.breakpoints[0].id]);
    assert.equal(stopped.body.allThreadsStopped, true);
    let frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.source.path, f.line]),
                     [['Trig_Intro_Cinematic_Actions', MAP, 2336]]);
    const threads = (await dc.threadsRequest()).body.threads;
    const intro = threads.find(t => t.id === stopped.body.threadId);
    assert.match(intro.name, /^gg_trg_Intro_Cinematic actions \(stopped/);
    // the caller is still on the stack of its own thread, inside ConditionalTriggerExecute
    assert.ok(threads.some(t => /^gg_trg_Map_Initialization actions \(running/.test(t.name)),
              threads.map(t => t.name).join('; '));

    // 2. a unit handle expands to its owner and life: udg_Footman01 = gg_unit_hfoo_0001, made
    // by CreateUnitsForPlayer9 (owner Player(9)); a Footman's life is 420 in the unit table
    const scopes = (await dc.scopesRequest({ frameId: frames[0].id })).body.scopes;
    const globals = scopes.find(s => s.name === 'Map globals');
    const footman = await variable(dc, globals.variablesReference, 'udg_Footman01');
    assert.equal(footman.type, 'unit');
    assert.ok(footman.variablesReference > 0);
    const owner = await variable(dc, footman.variablesReference, 'owner');
    assert.match(owner.value, /^Player\(9\)/);
    assert.equal((await variable(dc, footman.variablesReference, 'life')).value, '420.0');
    assert.equal((await variable(dc, footman.variablesReference, 'type')).value, "'hfoo' Footman");

    // 3. step in (into Blizzard.j), evaluate an argument for a hover, step out
    stopped = await resume(dc, 'stepInRequest', { threadId: stopped.body.threadId });
    assert.equal(stopped.body.reason, 'step');
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.source.path, f.line]),
                     [['CameraSetSmoothingFactorBJ', BLIZZARD, 1597],
                      ['Trig_Intro_Cinematic_Actions', MAP, 2336]]);
    const factor = await dc.evaluateRequest({ expression: 'factor', frameId: frames[0].id, context: 'hover' });
    assert.equal(factor.body.result, '2.0');
    assert.equal(factor.body.type, 'real');
    stopped = await resume(dc, 'stepOutRequest', { threadId: stopped.body.threadId });
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.line]), [['Trig_Intro_Cinematic_Actions', 2337]]);

    // 4. a conditional breakpoint: SetUnitFacingToFaceUnitTimed is called for Footman01,
    // Footman02, Footman05, Footman06 and Uther (lines 2339-2343); stop for Footman05 only
    let bz = await dc.setBreakpointsRequest({ source: { path: BLIZZARD },
                                             breakpoints: [{ line: 4746, condition: 'whichUnit == udg_Footman05' }] });
    assert.equal(bz.body.breakpoints[0].verified, true);
    stopped = await resume(dc, 'continueRequest', { threadId: stopped.body.threadId });
    assert.equal(stopped.body.reason, 'breakpoint');
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.line]),
                     [['SetUnitFacingToFaceUnitTimed', 4746], ['Trig_Intro_Cinematic_Actions', 2341]]);
    assert.equal((await dc.evaluateRequest({ expression: 'target == udg_Uther', frameId: frames[0].id,
                                             context: 'watch' })).body.result, 'true');

    // 5. a hit count: the second call from now is the one for Uther (line 2343)
    bz = await dc.setBreakpointsRequest({ source: { path: BLIZZARD }, breakpoints: [{ line: 4746, hitCondition: '2' }] });
    stopped = await resume(dc, 'continueRequest', { threadId: stopped.body.threadId });
    assert.deepEqual(stopped.body.hitBreakpointIds, [bz.body.breakpoints[0].id]);
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.line]),
                     [['SetUnitFacingToFaceUnitTimed', 4746], ['Trig_Intro_Cinematic_Actions', 2343]]);
    assert.equal((await dc.evaluateRequest({ expression: 'whichUnit == udg_Uther', frameId: frames[0].id,
                                             context: 'watch' })).body.result, 'true');
    await dc.setBreakpointsRequest({ source: { path: BLIZZARD }, breakpoints: [] });

    // 6. a logpoint (line 2372) prints without stopping; the breakpoint on the wait (2374) stops
    // (Uther, gg_unit_Huth_0024, is made by CreateUnitsForPlayer9 too)
    const logged = dc.assertOutput('console', 'Uther belongs to player 9\n');
    const wb = await dc.setBreakpointsRequest({ source: { path: MAP }, breakpoints: [
      { line: 2372, logMessage: 'Uther belongs to player {GetPlayerId(GetOwningPlayer(udg_Uther))}' },
      { line: 2374 }] });
    stopped = await resume(dc, 'continueRequest', { threadId: stopped.body.threadId });
    await logged;
    assert.deepEqual(stopped.body.hitBreakpointIds, [wb.body.breakpoints[1].id]);
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.line]), [['Trig_Intro_Cinematic_Actions', 2374]]);

    // 7. stepping over `TriggerSleepAction( 4.50 )` advances game time by the wait
    const before = gameTime(stopped);
    stopped = await resume(dc, 'nextRequest', { threadId: stopped.body.threadId });
    assert.equal(stopped.body.reason, 'step');
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.line]), [['Trig_Intro_Cinematic_Actions', 2375]]);
    assert.ok(Math.abs(gameTime(stopped) - before - 4.5) < 0.0015,
              `waited ${gameTime(stopped) - before} s, not 4.5`);

    // 8. evaluate with side effects (the debug console) and a refused one (a hover)
    await dc.evaluateRequest({ expression: 'call SetUnitState(udg_Uther, UNIT_STATE_LIFE, 123)',
                               frameId: frames[0].id, context: 'repl' });
    assert.equal((await dc.evaluateRequest({ expression: 'GetUnitState(udg_Uther, UNIT_STATE_LIFE)',
                                             frameId: frames[0].id, context: 'watch' })).body.result, '123.0');
    await assert.rejects(dc.evaluateRequest({ expression: 'call KillUnit(udg_Uther)', frameId: frames[0].id,
                                              context: 'hover' }));

    // 9. setVariable changes what the map does next: with udg_IntroSkipped true the
    // `if ( Trig_Intro_Cinematic_Func031001() )` on line 2375 takes its `return` (2376)
    const scopes2 = (await dc.scopesRequest({ frameId: frames[0].id })).body.scopes;
    const globals2 = scopes2.find(s => s.name === 'Map globals');
    assert.equal((await variable(dc, globals2.variablesReference, 'udg_IntroSkipped')).value, 'false');
    const changed = await dc.setVariableRequest({ variablesReference: globals2.variablesReference,
                                                  name: 'udg_IntroSkipped', value: 'true' });
    assert.equal(changed.body.value, 'true');
    stopped = await resume(dc, 'nextRequest', { threadId: stopped.body.threadId });
    frames = await topFrames(dc, stopped);
    assert.deepEqual(frames.map(f => [f.name, f.line]), [['Trig_Intro_Cinematic_Actions', 2376]]);

    // 10. the game plays to `until` (2 minutes); the session ends with exited and terminated
    await dc.setBreakpointsRequest({ source: { path: MAP }, breakpoints: [] });
    const exited = dc.waitForEvent('exited');
    const terminated = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId: stopped.body.threadId });
    assert.equal((await exited).body.exitCode, 0);
    await terminated;
    assert.ok(outputs.some(o => o.category === 'console' && /game over at game time 120\.00 s/.test(o.output)),
              'no game-over line');
    // game time and trigger activity came as output events
    assert.ok(outputs.some(o => /^\[ *0\.00s\] gg_trg_Intro_Cinematic fired/.test(o.output)));
    assert.ok(outputs.some(o => o.category === 'stdout' && /quest created: Defend Strahnbrad/.test(o.output)));
  } finally {
    await dc.stop();
  }
});

test('an exception breakpoint stops on an op-limit crash with the JASS stack', { timeout: 3 * TIMEOUT }, async () => {
  const dc = await startClient();
  const outputs = [];
  dc.on('output', e => outputs.push(e.body));
  try {
    await dc.initializeRequest();
    const initialized = dc.waitForEvent('initialized');
    const launched = dc.launchRequest({ program: OPLIMIT, until: 10 });
    await initialized;
    await dc.setExceptionBreakpointsRequest({ filters: ['op-limit'] });
    const stopped = dc.waitForEvent('stopped');
    await dc.configurationDoneRequest();
    await launched;
    const ev = await stopped;
    assert.equal(ev.body.reason, 'exception');
    assert.match(ev.body.description, /^op-limit: /);
    const frames = await topFrames(dc, ev);
    assert.deepEqual(frames.map(f => [f.name, path.basename(f.source.path || f.source.name)]),
                     [['Spin', 'oplimit.j'], ['Trig_Wave_Actions', 'oplimit.j']]);
    assert.equal(frames[1].line, 16);
    const threads = (await dc.threadsRequest()).body.threads;
    assert.match(threads.find(t => t.id === ev.body.threadId).name, /^gg_trg_Wave actions/);
    const info = await dc.exceptionInfoRequest({ threadId: ev.body.threadId });
    assert.equal(info.body.exceptionId, 'op-limit');
    // 2 s: the timer event of the trigger (TriggerRegisterTimerEvent(gg_trg_Wave, 2.00, false))
    assert.equal(gameTime(ev), 2);
    // its message to the local player came before the stop, with its game time
    assert.ok(outputs.some(o => o.category === 'stdout' && o.output === '[    2.00s] wave\n'));

    const exited = dc.waitForEvent('exited');
    const terminated = dc.waitForEvent('terminated');
    await dc.terminateRequest();
    assert.equal((await exited).body.exitCode, 0);
    await terminated;
  } finally {
    await dc.stop();
  }
});

test('campaign-human01: stepBack over a wait and reverseContinue to an earlier hit (issue 11)', { timeout: 10 * TIMEOUT }, async () => {
  const dc = await startClient();
  try {
    const init = await dc.initializeRequest();
    assert.equal(init.body.supportsStepBack, true);
    const initialized = dc.waitForEvent('initialized');
    const launched = dc.launchRequest({ program: MAP, api: API, until: '2m' });
    await initialized;
    // line 2374: `call TriggerSleepAction( 4.50 )` in the intro's action thread
    const set = await dc.setBreakpointsRequest({ source: { path: MAP }, breakpoints: [{ line: 2374 }] });
    let stopped = dc.waitForEvent('stopped');
    await dc.configurationDoneRequest();
    await launched;
    stopped = await stopped;
    const hitAt = gameTime(stopped);
    const life = async (ev) => {
      const frames = await topFrames(dc, ev);
      return (await dc.evaluateRequest({ expression: 'GetUnitState(udg_Uther, UNIT_STATE_LIFE)',
                                         frameId: frames[0].id, context: 'watch' })).body.result;
    };
    const lifeAtHit = await life(stopped);

    // forward over the wait: +4.5 s of game time
    stopped = await resume(dc, 'nextRequest', { threadId: stopped.body.threadId });
    const after = gameTime(stopped);
    assert.ok(Math.abs(after - hitAt - 4.5) < 0.0015);
    assert.deepEqual((await topFrames(dc, stopped)).map(f => f.line), [2375]);

    // stepBack: back on the wait's line, game time back where it was, the same values
    stopped = await resume(dc, 'stepBackRequest', { threadId: stopped.body.threadId });
    assert.equal(stopped.body.reason, 'step');
    assert.deepEqual((await topFrames(dc, stopped)).map(f => [f.name, f.line]), [['Trig_Intro_Cinematic_Actions', 2374]]);
    assert.equal(gameTime(stopped), hitAt);
    assert.equal(await life(stopped), lifeAtHit);

    // forward again reaches the same moment
    stopped = await resume(dc, 'nextRequest', { threadId: stopped.body.threadId });
    assert.equal(gameTime(stopped), after);

    // reverseContinue: back to the breakpoint hit earlier
    stopped = await resume(dc, 'reverseContinueRequest', { threadId: stopped.body.threadId });
    assert.equal(stopped.body.reason, 'breakpoint');
    assert.deepEqual(stopped.body.hitBreakpointIds, [set.body.breakpoints[0].id]);
    assert.equal(gameTime(stopped), hitAt);
    assert.equal(await life(stopped), lifeAtHit);

    const terminated = dc.waitForEvent('terminated');
    await dc.terminateRequest();
    await terminated;
  } finally {
    await dc.stop();
  }
});
