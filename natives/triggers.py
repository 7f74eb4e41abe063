"""Triggers: conditions, actions, explicit execution, waits and ``ExecuteFunc``.

Contracts (DESIGN.md section 4, seed 004, ``shared/reference/jass-semantics.md`` G):

- ``TriggerEvaluate`` runs every condition in the order added, each in its own callback
  thread, and ANDs the results without short-circuit (S106); no conditions is true (S107);
  it ignores ``DisableTrigger`` (S110) and counts one evaluation.
- ``TriggerExecute`` starts one "action" thread running the trigger's actions in order and
  returns when that thread finishes or first waits; the rest resumes later (S104). A sleeping
  action delays the next; a crash before any wait skips only the crashing action, a crash
  after a wait ends the run (S108; the VM implements this). It ignores conditions (S104) and
  ``DisableTrigger`` (S110) and counts one execution.
- Actions added during a run are not run in that run (the run works on a snapshot, S108).
  ``TriggerClearActions`` does not stop pending actions of a current run;
  ``TriggerRemoveAction`` skips a removed pending action only if a ``TriggerSleepAction``
  follows the removal (S109): the wait drops removed actions from the run.
- ``TriggerSleepAction`` waits only in action and ``ExecuteFunc`` threads; elsewhere it
  ends the thread (S097). Every wait lasts at least ``MIN_SLEEP`` (S098, see there), and
  waits run on the one game clock (S099 choice, see ``sleep_delay``).
- ``DestroyTrigger`` retires the trigger's event registrations (``natives.events``) and is
  safe from the trigger's own action: the running thread goes on (S111's advice).
- ``ExecuteFunc`` runs the named function at once in a new "executefunc" thread until it
  ends or first waits (S102). Unknown names, functions with parameters and natives are
  ignored with a recorded warning (S103's recommendation).
- Response context: a thread started by ``TriggerExecute``/``TriggerEvaluate``/
  ``ExecuteFunc`` inherits a copy of its caller's response (event responses stay readable,
  a project choice: S104 leaves it open) with ``trigger`` set to the trigger it runs
  (``ExecuteFunc`` keeps the caller's trigger; outside any trigger it creates a new one that
  is never released, S102).

Response fields (``natives.response.Response``) set here: ``trigger``
(``GetTriggeringTrigger``), ``event_id`` (``GetTriggerEventId``, set by the event layer),
``wait_on_sleeps`` (the run's ``TriggerWaitOnSleeps`` mark, read when the run starts),
``trigger_actions`` (the run's ``TriggerAction`` list, private to this module).
"""
from __future__ import annotations

import math
from typing import Any

from jassvm.bytecode import CompiledFunction
from natives.boolexpr import evaluate
from natives.handles import Handle
from natives.registry import native
from natives.response import Response

MIN_SLEEP = 0.1
"""Shortest ``TriggerSleepAction`` wait, game seconds. S098 (medium): waits have 10 Hz
granularity and 0 (and anything in (-120, 0)) still sleeps about 0.1 s. Choice: a timeout
below 0.1 s (NaN included) waits exactly 0.1 s; longer timeouts wait exactly as asked (no
rounding to 0.1 s steps); the low-confidence "<= -120 aborts" rule is not modelled."""

PRIVATE_FIELDS = {"trigger_actions": None}
"""Response fields that belong to one run and are never inherited (with the value a new
thread gets instead)."""


class Trigger(Handle):
    """A ``trigger`` agent.

    ``conditions``/``actions``: ``TriggerCondition``/``TriggerAction`` handles in the order
    added; ``enabled`` gates registered events only (S110); ``eval_count``/``exec_count``
    are what ``GetTriggerEvalCount``/``GetTriggerExecCount`` return; ``registrations`` are
    the ``natives.events.Registration`` handles of this trigger.
    """

    type_name = "trigger"

    def __init__(self) -> None:
        super().__init__()
        self.enabled = True
        self.wait_on_sleeps = False
        self.conditions: list[TriggerCondition] = []
        self.actions: list[TriggerAction] = []
        self.eval_count = 0
        self.exec_count = 0
        self.registrations: list = []


class TriggerCondition(Handle):
    """A ``triggercondition``: a boolexpr added to a trigger."""

    type_name = "triggercondition"

    def __init__(self, trigger: Trigger, boolexpr) -> None:
        super().__init__()
        self.trigger = trigger
        self.boolexpr = boolexpr


class TriggerAction(Handle):
    """A ``triggeraction``: a code value added to a trigger. ``removed`` is set by
    ``TriggerRemoveAction`` only (S109)."""

    type_name = "triggeraction"

    def __init__(self, trigger: Trigger, code) -> None:
        super().__init__()
        self.trigger = trigger
        self.code = code
        self.removed = False


def live_trigger(t: Trigger | None) -> Trigger | None:
    """``t`` unless null or destroyed."""
    if t is None or t.destroyed:
        return None
    return t


def inherit(response: Response | None, **changes: Any) -> Response:
    """A copy of ``response`` (none: an empty one) for a new thread, without run-private
    fields, with ``changes``."""
    base = response if response is not None else Response()
    return base.copy(**PRIVATE_FIELDS, **changes)


def evaluate_conditions(ctx, trig: Trigger, response: Response) -> bool:
    """Run all conditions of ``trig`` in order, AND the results, no short-circuit (S106).

    Counts one evaluation. ``response`` is each condition thread's response context.
    Coverage observers (``EventRegistry.observers``) are told the result."""
    trig.eval_count += 1
    result = True
    for cond in list(trig.conditions):
        if not evaluate(ctx, cond.boolexpr, response):
            result = False
    for ob in ctx.game.events.observers:
        ob.evaluated(trig, result)
    return result


def run_actions(vm, trig: Trigger, response: Response):
    """Start the action thread of ``trig`` over a snapshot of its actions (S108) with
    ``response`` (which it updates: trigger, actions, wait mark); returns the Thread (or
    None when the trigger has no actions). Counts one execution."""
    trig.exec_count += 1
    acts = list(trig.actions)
    if not acts:
        return None
    response.trigger = trig
    response.trigger_actions = acts
    response.wait_on_sleeps = trig.wait_on_sleeps
    return vm.start_thread([a.code for a in acts], "action", response)


def sleep_delay(timeout: float) -> float | None:
    """The wait of ``TriggerSleepAction(timeout)`` in game seconds (None: forever).

    S098: at least ``MIN_SLEEP``. S099 says TSA runs on real time (at Normal speed 30 s of
    real time are about 24 game seconds); headless there is no real time, so waits run on the
    game clock as at game speed Fast (1:1). They keep running while ``PauseGame`` stops
    timers (S099)."""
    if math.isnan(timeout) or timeout < MIN_SLEEP:
        return MIN_SLEEP
    if math.isinf(timeout):
        return None
    return timeout


def _drop_removed_actions(th) -> None:
    """S109: at a wait, pending actions removed with ``TriggerRemoveAction`` are skipped."""
    acts = th.response.trigger_actions
    pending = len(th.actions)
    if not acts or not pending:
        return
    done, rest = acts[:len(acts) - pending], acts[len(acts) - pending:]
    keep = [a for a in rest if not a.removed]
    if len(keep) != len(rest):
        th.actions = tuple(a.code for a in keep)
        th.response.trigger_actions = done + keep


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

@native("CreateTrigger", "takes nothing returns trigger")
def CreateTrigger(ctx):
    """A new enabled trigger with no events, conditions or actions."""
    return ctx.game.handles.allocate(Trigger())


@native("DestroyTrigger", "takes trigger whichTrigger returns nothing")
def DestroyTrigger(ctx, trig):
    """Destroy ``trig``: its registrations are retired (no more events), queued event runs
    are dropped; a running action thread of it goes on (S111)."""
    trig = live_trigger(trig)
    if trig is None:
        return
    for reg in list(trig.registrations):
        reg.retire()
    ctx.game.handles.destroy(trig)


@native("ResetTrigger", "takes trigger whichTrigger returns nothing")
def ResetTrigger(ctx, trig):
    """Zero the evaluation and execution counts (S110)."""
    trig = live_trigger(trig)
    if trig is not None:
        trig.eval_count = 0
        trig.exec_count = 0


@native("EnableTrigger", "takes trigger whichTrigger returns nothing")
def EnableTrigger(ctx, trig):
    """Let registered events fire ``trig`` again."""
    trig = live_trigger(trig)
    if trig is not None:
        trig.enabled = True


@native("DisableTrigger", "takes trigger whichTrigger returns nothing")
def DisableTrigger(ctx, trig):
    """Stop registered events from firing ``trig``; explicit calls still run it (S110)."""
    trig = live_trigger(trig)
    if trig is not None:
        trig.enabled = False


@native("IsTriggerEnabled", "takes trigger whichTrigger returns boolean")
def IsTriggerEnabled(ctx, trig):
    """False for a disabled, destroyed or null trigger."""
    trig = live_trigger(trig)
    return trig is not None and trig.enabled


@native("TriggerWaitOnSleeps", "takes trigger whichTrigger, boolean flag returns nothing")
def TriggerWaitOnSleeps(ctx, trig, flag):
    """Mark ``trig`` so that ``TriggerExecuteWait`` calls made by its future runs wait for the
    callee's sleeps (S105). The mark is read when a run starts."""
    trig = live_trigger(trig)
    if trig is not None:
        trig.wait_on_sleeps = bool(flag)


@native("IsTriggerWaitOnSleeps", "takes trigger whichTrigger returns boolean")
def IsTriggerWaitOnSleeps(ctx, trig):
    """The ``TriggerWaitOnSleeps`` mark; false until set (project choice: the game's default
    is not documented)."""
    trig = live_trigger(trig)
    return trig is not None and trig.wait_on_sleeps


@native("GetTriggerEvalCount", "takes trigger whichTrigger returns integer", constant=True)
def GetTriggerEvalCount(ctx, trig):
    """Evaluations of ``trig``'s conditions (explicit and by events) since the last reset."""
    trig = live_trigger(trig)
    return trig.eval_count if trig is not None else 0


@native("GetTriggerExecCount", "takes trigger whichTrigger returns integer", constant=True)
def GetTriggerExecCount(ctx, trig):
    """Executions of ``trig``'s actions (explicit and by events) since the last reset."""
    trig = live_trigger(trig)
    return trig.exec_count if trig is not None else 0


@native("TriggerAddCondition", "takes trigger whichTrigger, boolexpr condition returns triggercondition")
def TriggerAddCondition(ctx, trig, cond):
    """Append ``cond``; null for a null/destroyed trigger. A null boolexpr counts as true."""
    trig = live_trigger(trig)
    if trig is None:
        return None
    tc = ctx.game.handles.allocate(TriggerCondition(trig, cond))
    trig.conditions.append(tc)
    return tc


@native("TriggerRemoveCondition", "takes trigger whichTrigger, triggercondition whichCondition returns nothing")
def TriggerRemoveCondition(ctx, trig, tc):
    trig = live_trigger(trig)
    if trig is None or tc is None or tc not in trig.conditions:
        return
    trig.conditions.remove(tc)
    ctx.game.handles.destroy(tc)


@native("TriggerClearConditions", "takes trigger whichTrigger returns nothing")
def TriggerClearConditions(ctx, trig):
    trig = live_trigger(trig)
    if trig is None:
        return
    for tc in trig.conditions:
        ctx.game.handles.destroy(tc)
    trig.conditions.clear()


@native("TriggerAddAction", "takes trigger whichTrigger, code actionFunc returns triggeraction")
def TriggerAddAction(ctx, trig, code):
    """Append ``code`` (the same function may be added twice and runs twice, S108); null for
    a null/destroyed trigger or null code."""
    trig = live_trigger(trig)
    if trig is None or code is None:
        return None
    ta = ctx.game.handles.allocate(TriggerAction(trig, code))
    trig.actions.append(ta)
    return ta


@native("TriggerRemoveAction", "takes trigger whichTrigger, triggeraction whichAction returns nothing")
def TriggerRemoveAction(ctx, trig, ta):
    """Remove ``ta``; a run already under way skips it only after its next wait (S109)."""
    trig = live_trigger(trig)
    if trig is None or ta is None or ta not in trig.actions:
        return
    trig.actions.remove(ta)
    ta.removed = True
    ctx.game.handles.destroy(ta)


@native("TriggerClearActions", "takes trigger whichTrigger returns nothing")
def TriggerClearActions(ctx, trig):
    """Remove all actions; runs under way still run their pending actions (S109)."""
    trig = live_trigger(trig)
    if trig is None:
        return
    for ta in trig.actions:
        ctx.game.handles.destroy(ta)
    trig.actions.clear()


@native("TriggerSleepAction", "takes real timeout returns nothing")
def TriggerSleepAction(ctx, timeout):
    """Wait ``sleep_delay(timeout)`` game seconds; ends the thread outside action and
    ExecuteFunc threads (S097)."""
    _drop_removed_actions(ctx.thread)
    ctx.sleep(sleep_delay(timeout))


TriggerSleepAction.may_wait = True  # suspends the calling thread (jassvm.fastpath)


@native("TriggerEvaluate", "takes trigger whichTrigger returns boolean")
def TriggerEvaluate(ctx, trig):
    """All conditions, in order, no short-circuit; true without conditions; ignores
    ``DisableTrigger`` (S106, S107, S110). False for a null/destroyed trigger."""
    trig = live_trigger(trig)
    if trig is None:
        return False
    return evaluate_conditions(ctx, trig, inherit(ctx.thread.response, trigger=trig))


@native("TriggerExecute", "takes trigger whichTrigger returns nothing")
def TriggerExecute(ctx, trig):
    """Run the actions now until they finish or first wait (S104); ignores conditions and
    ``DisableTrigger`` (S110)."""
    trig = live_trigger(trig)
    if trig is not None:
        run_actions(ctx.vm, trig, inherit(ctx.thread.response))


@native("TriggerExecuteWait", "takes trigger whichTrigger returns nothing")
def TriggerExecuteWait(ctx, trig):
    """``TriggerExecute``; then, if the calling run is marked with ``TriggerWaitOnSleeps``
    and the callee is still sleeping, wait until it finishes (S105)."""
    trig = live_trigger(trig)
    if trig is None:
        return
    th = run_actions(ctx.vm, trig, inherit(ctx.thread.response))
    if th is not None and not th.finished and ctx.thread.response.wait_on_sleeps:
        ctx.vm.wait_for(th)


TriggerExecuteWait.may_wait = True  # suspends the calling thread (jassvm.fastpath)


@native("ExecuteFunc", "takes string funcName returns nothing")
def ExecuteFunc(ctx, name):
    """Run function ``name`` now in a new "executefunc" thread until it ends or first waits
    (S102). The thread may wait even if the caller may not (S097). Unknown names, natives and
    functions taking parameters are ignored with a warning (S103)."""
    fn = ctx.vm.function(name) if name is not None else None
    if not isinstance(fn, CompiledFunction) or fn.nparams != 0:
        why = "no such function" if fn is None else "not a parameterless JASS function"
        ctx.warn(f"ExecuteFunc({name!r}) ignored: {why} (S103)")
        return
    response = inherit(ctx.thread.response)
    if response.trigger is None:
        response.trigger = ctx.game.handles.allocate(Trigger())  # S102: never released
    ctx.vm.start_thread([fn], "executefunc", response)


@native("TriggerSyncStart", "takes nothing returns nothing")
def TriggerSyncStart(ctx):
    """Open a sync round of game cache values (counted in ``game.gamecache.sync_rounds``;
    see ``natives.gamecache``, S140)."""
    store = ctx.game.gamecache
    if store is not None:
        store.sync_rounds += 1


@native("TriggerSyncReady", "takes nothing returns nothing")
def TriggerSyncReady(ctx):
    """Wait until the game cache values synced since ``TriggerSyncStart`` arrived: deliver
    them (``GameCacheStore.deliver_syncs``), then wait like ``TriggerSleepAction(0)``. It is a
    wait, so outside trigger action / ExecuteFunc threads it ends the thread (S097)."""
    store = ctx.game.gamecache
    if store is not None:
        store.deliver_syncs()
    _drop_removed_actions(ctx.thread)
    ctx.sleep(sleep_delay(0.0))


TriggerSyncReady.may_wait = True  # suspends the calling thread (jassvm.fastpath)
