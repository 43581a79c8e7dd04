package dev.durable.dashboard;

import dev.durable.dashboard.Sessions.Flash;
import dev.durable.dashboard.Sessions.Session;
import java.util.Optional;

/**
 * Who is looking at a page, as far as the page cares: whether the dashboard takes actions at all
 * (it has a token), the session of a browser that logged in, and a message left by its last
 * action.
 */
record Viewer(boolean actionsEnabled, Optional<Session> session, Optional<Flash> flash) {
  /** A viewer of a read-only dashboard (for tests and pages that need no session). */
  static Viewer readOnly() {
    return new Viewer(false, Optional.empty(), Optional.empty());
  }

  /** Whether action buttons are shown: a logged-in browser. */
  boolean canAct() {
    return session.isPresent();
  }

  /** The session's CSRF value, which every action form carries; empty without a session. */
  String csrf() {
    return session.map(Session::csrf).orElse("");
  }
}
