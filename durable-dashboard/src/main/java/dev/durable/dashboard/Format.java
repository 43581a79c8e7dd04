package dev.durable.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.RunError;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How the pages show times, durations and stored JSON. */
final class Format {
  private Format() {}

  /** Stored JSON longer than this is shown cut, with how much was left out. */
  static final int MAX_JSON_CHARS = 64 * 1024;

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Where the runtime's implementation lives: no user's code names a class from there. */
  private static final String INTERNAL_PACKAGE = "dev.durable.runtime.internal.";

  /**
   * The type of the exception behind {@code error} when a user can look it up: their own or one
   * of Durable's public API. Empty for the engine's internal classes: the error's code and
   * message say what happened.
   */
  static String errorType(RunError error) {
    return error.type().startsWith(INTERNAL_PACKAGE) ? "" : error.type();
  }

  /** An instant in UTC to the second, {@code 2026-12-01 22:52:55Z}; empty for null. */
  static String time(Instant at) {
    return at == null ? "" : TIME.format(at);
  }

  /** How long ago {@code at} was, roughly: {@code 5 s}, {@code 3 min}, {@code 2 h}, {@code 4 d}. */
  static String age(Instant at, Instant now) {
    if (at == null) {
      return "";
    }
    Duration d = Duration.between(at, now);
    if (d.isNegative()) {
      return "in " + span(d.negated());
    }
    return span(d) + " ago";
  }

  /** A duration roughly, in its largest unit. */
  static String span(Duration d) {
    long s = d.toSeconds();
    if (s < 120) {
      return s + " s";
    } else if (s < 120 * 60) {
      return s / 60 + " min";
    } else if (s < 48 * 3600) {
      return s / 3600 + " h";
    }
    return s / 86400 + " d";
  }

  /** Stored JSON indented for reading; as stored if it does not parse; empty for null. */
  static String json(String stored) {
    if (stored == null) {
      return "";
    }
    String text = stored;
    if (stored.length() <= MAX_JSON_CHARS) {
      try {
        JsonNode node = JSON.readTree(stored);
        text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
      } catch (JsonProcessingException e) {
        text = stored;
      }
    }
    if (text.length() > MAX_JSON_CHARS) {
      return text.substring(0, MAX_JSON_CHARS)
          + "\n… (" + (text.length() - MAX_JSON_CHARS) + " more characters)";
    }
    return text;
  }

  /** {@code text} cut to {@code max} characters with an ellipsis. */
  static String cut(String text, int max) {
    if (text == null) {
      return "";
    }
    return text.length() <= max ? text : text.substring(0, max) + "…";
  }
}
