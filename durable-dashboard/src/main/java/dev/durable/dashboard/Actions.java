package dev.durable.dashboard;

import dev.durable.dashboard.Sessions.Flash;
import dev.durable.dashboard.Sessions.Session;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.UnknownRunException;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The actions an operator takes on a run: each calls the engine, leaves a message saying what
 * happened (or why not) in the session, and redirects back to the run's page. Every action taken
 * or refused leaves one audit line at INFO: who (the session's label and the client's address),
 * what, on which run, and how it ended.
 */
final class Actions {
  private static final Logger log = LoggerFactory.getLogger(Actions.class);

  private final DurableEngine engine;

  Actions(DurableEngine engine) {
    this.engine = engine;
  }

  /** Takes {@code action} on run {@code runId}; the caller checked the session and its CSRF. */
  Response perform(
      String runId, String action, Map<String, String> form, Session session, String client) {
    if (action.equals("fork")) {
      return fork(runId, form.getOrDefault("position", "").trim(), session, client);
    }
    Flash flash;
    try {
      flash = switch (action) {
        case "requeue" -> requeue(runId);
        case "cancel" -> cancel(runId);
        case "pause" -> engine.pause(runId)
            ? new Flash(true, "Paused: no step of it starts until it is resumed; a step in flight"
                + " finishes and is recorded.")
            : new Flash(false, "The run had already ended: nothing was paused.");
        case "resume" -> engine.resume(runId)
            ? new Flash(true, "Resumed: it goes on where it was.")
            : new Flash(false, "The run is not paused: nothing was resumed.");
        case "redispatch" -> redispatch(runId);
        case "signal" -> signal(runId, form.getOrDefault("name", "").trim(),
            form.getOrDefault("json", ""));
        default -> new Flash(false, "There is no action '" + action + "'.");
      };
    } catch (UnknownRunException e) {
      flash = new Flash(false, "No run with id '" + StoredText.echo(runId) + "' is stored.");
    } catch (RunEndedException e) {
      flash = new Flash(false, "The run has ended: " + e.getMessage());
    } catch (InvalidInputException | IllegalStateException | IllegalArgumentException e) {
      flash = new Flash(false, e.getMessage());
    } catch (StoreException e) {
      if (!e.isPermanent()) {
        throw e; // an outage: the page says the store cannot be reached
      }
      // a refusal, e.g. a viewer's read-only role: the store's message says what to do
      flash = new Flash(false, e.getMessage());
    }
    log.info("dashboard audit: {} from {}: {} on run {}: {}", session.label(), client, action,
        runId, flash.text());
    session.flash(flash);
    return Response.seeOther(back(form.get("back")).orElse(Links.runPath(runId)));
  }

  /**
   * Pauses or resumes queue {@code queue} ({@code action}), leaves a message saying what happened
   * and an audit line as a run's actions do, and goes back to the Queues page.
   */
  Response performOnQueue(String queue, String action, Session session, String client) {
    Flash flash;
    try {
      flash = switch (action) {
        case "pause" -> engine.pauseQueue(queue)
            ? new Flash(true, "Queue " + queue + " paused: no engine admits a run through it"
                + " until it is resumed.")
            : new Flash(false, "Queue " + queue + " was paused already.");
        case "resume" -> engine.resumeQueue(queue)
            ? new Flash(true, "Queue " + queue + " resumed.")
            : new Flash(false, "Queue " + queue + " was not paused.");
        default -> new Flash(false, "There is no action '" + action + "' on a queue.");
      };
    } catch (IllegalArgumentException e) {
      flash = new Flash(false, e.getMessage());
    } catch (StoreException e) {
      if (!e.isPermanent()) {
        throw e;
      }
      flash = new Flash(false, e.getMessage());
    }
    log.info("dashboard audit: {} from {}: {} on queue {}: {}", session.label(), client, action,
        queue, flash.text());
    session.flash(flash);
    return Response.seeOther("/queues");
  }

  /**
   * The page to go back to that the form names, if it names one of this dashboard's ({@code
   * /lost...}): never another site's.
   */
  private static Optional<String> back(String back) {
    return back != null && back.startsWith("/lost") ? Optional.of(back) : Optional.empty();
  }

  private Flash requeue(String runId) {
    engine.requeue(runId);
    return new Flash(true, "Requeued: the steps that failed the run get a fresh retry budget.");
  }

  private Flash cancel(String runId) {
    if (engine.cancel(runId)) {
      return new Flash(true, "Cancelled.");
    }
    return new Flash(false, "The run had already ended: nothing was cancelled.");
  }

  private Flash signal(String runId, String name, String json) {
    if (name.isEmpty()) {
      return new Flash(false, "A signal needs a name: the @Signal's name in the run's workflow.");
    }
    engine.signal(runId, name, json);
    return new Flash(true, "Signal '" + name + "' sent.");
  }

  private Flash redispatch(String runId) {
    int tasks = engine.redispatchPending(runId);
    return new Flash(true, tasks == 0
        ? "No task of this run was waiting: nothing was queued again."
        : tasks + (tasks == 1 ? " task was" : " tasks were") + " given up and queued again.");
  }

  /**
   * Forks the run from the position the form gives, and goes to the fork's page; stays on the
   * run's page, saying why, if it is refused.
   */
  private Response fork(String runId, String position, Session session, String client) {
    Flash flash;
    String page = Links.runPath(runId);
    try {
      int from = Integer.parseInt(position);
      String fork = engine.fork(runId, from);
      flash = new Flash(true, "Forked from run " + runId + " at position " + from
          + ": positions before it replay what that run recorded.");
      page = Links.runPath(fork);
    } catch (NumberFormatException e) {
      flash = new Flash(false, "A fork starts from a position: a whole number, such as the"
          + " # of a step in the table below; '" + position + "' is not one.");
    } catch (UnknownRunException e) {
      flash = new Flash(false, "No run with id '" + StoredText.echo(runId) + "' is stored.");
    } catch (IllegalArgumentException | IllegalStateException e) {
      flash = new Flash(false, e.getMessage());
    }
    log.info("dashboard audit: {} from {}: fork on run {}: {}", session.label(), client, runId,
        flash.text());
    session.flash(flash);
    return Response.seeOther(page);
  }
}
