package dev.durable.dashboard;

import dev.durable.dashboard.Sessions.Flash;
import dev.durable.dashboard.Sessions.Session;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.UnknownRunException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The actions an operator takes on a run: each calls the engine, leaves a message saying what
 * happened (or why not) in the session, and redirects back to the run's page. Every action is
 * logged at INFO with the run's id.
 */
final class Actions {
  private static final Logger log = LoggerFactory.getLogger(Actions.class);

  private final DurableEngine engine;

  Actions(DurableEngine engine) {
    this.engine = engine;
  }

  /** Takes {@code action} on run {@code runId}; the caller checked the session and its CSRF. */
  Response perform(String runId, String action, Map<String, String> form, Session session) {
    Flash flash;
    try {
      flash = switch (action) {
        case "requeue" -> requeue(runId);
        case "cancel" -> cancel(runId);
        case "redispatch" -> redispatch(runId);
        default -> new Flash(false, "There is no action '" + action + "'.");
      };
    } catch (UnknownRunException e) {
      flash = new Flash(false, "No run with id '" + runId + "' is stored.");
    } catch (IllegalStateException | IllegalArgumentException e) {
      flash = new Flash(false, e.getMessage());
    }
    session.flash(flash);
    return Response.seeOther(Html.runPath(runId));
  }

  private Flash requeue(String runId) {
    engine.requeue(runId);
    log.info("dashboard: run {} requeued", runId);
    return new Flash(true, "Requeued: the steps that failed the run get a fresh retry budget.");
  }

  private Flash cancel(String runId) {
    if (engine.cancel(runId)) {
      log.info("dashboard: run {} cancelled", runId);
      return new Flash(true, "Cancelled.");
    }
    return new Flash(false, "The run had already ended: nothing was cancelled.");
  }

  private Flash redispatch(String runId) {
    int tasks = engine.redispatchPending(runId);
    log.info("dashboard: run {}: {} tasks redispatched", runId, tasks);
    return new Flash(true, tasks == 0
        ? "No task of this run was waiting: nothing was queued again."
        : tasks + (tasks == 1 ? " task was" : " tasks were") + " given up and queued again.");
  }
}
