package dev.durable.dashboard;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Optional;

/**
 * Who may act: the browsers that logged in with the dashboard's token. A login gets a random
 * session id (sent back as an HttpOnly, SameSite=Strict cookie, never in a page) and a random CSRF
 * value that the pages put in their action forms; an action needs both. The token itself is
 * compared once, at login, and never stored in a page or a cookie.
 *
 * <p>Sessions live in memory: a dashboard restarted forgets them (log in again). One unused for
 * {@link #IDLE} ends; at most {@link #MAX_SESSIONS} are kept, the least recently used dropped
 * first.
 */
final class Sessions {
  /** The cookie holding the session id. */
  static final String COOKIE = "durable_session";
  /** How long a session lasts without a request. */
  static final Duration IDLE = Duration.ofHours(8);
  /** The most sessions kept at once. */
  static final int MAX_SESSIONS = 1000;

  /** A logged-in browser. */
  static final class Session {
    private final String id;
    private final String csrf;
    private final String label;
    private Instant lastUsed;
    private Flash flash;

    private Session(String id, String csrf, String label, Instant now) {
      this.id = id;
      this.csrf = csrf;
      this.label = label;
      this.lastUsed = now;
    }

    String id() {
      return id;
    }

    /**
     * What the audit log calls this session ({@code session 3}): the id is a secret, the label
     * is not, and it tells one login's actions from another's.
     */
    String label() {
      return label;
    }

    /** The value every action form of this session carries. */
    String csrf() {
      return csrf;
    }

    /** Whether {@code value} is this session's CSRF value. */
    boolean csrfMatches(String value) {
      return value != null && constantTimeEquals(csrf, value);
    }

    /** Keeps a message to show on the next page, once. */
    synchronized void flash(Flash message) {
      this.flash = message;
    }

    /** The message kept for this page, if any, forgetting it. */
    synchronized Optional<Flash> takeFlash() {
      Flash message = flash;
      flash = null;
      return Optional.ofNullable(message);
    }
  }

  /** A message about the last action, shown once on the page it led to. */
  record Flash(boolean ok, String text) {}

  private final String token;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final LinkedHashMap<String, Session> sessions = new LinkedHashMap<>(16, 0.75f, true);
  private long logins;

  /** Sessions for a dashboard whose token is {@code token}; {@code null}: no one may act. */
  Sessions(String token, Clock clock) {
    this.token = token;
    this.clock = clock;
  }

  /** Whether the dashboard has a token, so that logging in is possible. */
  boolean actionsEnabled() {
    return token != null;
  }

  /** Whether {@code candidate} is the dashboard's token. */
  boolean tokenMatches(String candidate) {
    return token != null && candidate != null && constantTimeEquals(token, candidate);
  }

  /** A new session; call only after {@link #tokenMatches}. */
  synchronized Session create() {
    Instant now = clock.instant();
    Session session = new Session(randomValue(), randomValue(), "session " + ++logins, now);
    sessions.put(session.id(), session);
    if (sessions.size() > MAX_SESSIONS) {
      Iterator<String> eldest = sessions.keySet().iterator();
      eldest.next();
      eldest.remove();
    }
    return session;
  }

  /** The live session named by a {@code Cookie} header, if there is one. */
  synchronized Optional<Session> find(String cookieHeader) {
    String id = cookie(cookieHeader, COOKIE);
    if (id == null) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    sessions.values().removeIf(s -> s.lastUsed.plus(IDLE).isBefore(now));
    Session session = sessions.get(id);
    if (session == null) {
      return Optional.empty();
    }
    session.lastUsed = now;
    return Optional.of(session);
  }

  /** Ends a session. */
  synchronized void end(Session session) {
    sessions.remove(session.id());
  }

  /**
   * The {@code Set-Cookie} value that hands a browser its session: a session cookie (kept until
   * the browser closes), since the dashboard ends the session itself after {@link #IDLE} unused.
   */
  static String cookieFor(Session session) {
    return COOKIE + "=" + session.id() + "; Path=/; HttpOnly; SameSite=Strict";
  }

  /** The {@code Set-Cookie} value that makes a browser forget its session. */
  static String expiredCookie() {
    return COOKIE + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0";
  }

  /** The value of cookie {@code name} in a {@code Cookie} header, or null. */
  static String cookie(String header, String name) {
    if (header == null) {
      return null;
    }
    for (String part : header.split(";")) {
      int eq = part.indexOf('=');
      if (eq > 0 && part.substring(0, eq).trim().equals(name)) {
        return part.substring(eq + 1).trim();
      }
    }
    return null;
  }

  private String randomValue() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static boolean constantTimeEquals(String expected, String actual) {
    return MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
  }
}
