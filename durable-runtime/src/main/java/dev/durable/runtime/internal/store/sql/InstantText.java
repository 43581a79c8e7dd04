package dev.durable.runtime.internal.store.sql;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;

/**
 * An instant as ISO-8601 text that PostgreSQL reads as a {@code timestamptz} and {@link
 * Instant#parse} reads back to the same instant: {@code 2026-12-02T04:42:16.123456789Z}, the
 * fraction in nine digits when there is one ({@link Instant#toString()} writes three, six or nine).
 * Written digit by digit: {@code Instant.toString()} formats through a {@code DateTimeFormatter},
 * a {@code LocalDateTime} and three builders, and a turn binds several instants per commit.
 */
final class InstantText {
  private static final int SECONDS_PER_DAY = 86_400;
  /** 1000-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the instants with a four-digit year. */
  private static final long FIRST = -30_610_224_000L;
  private static final long AFTER_LAST = 253_402_300_800L;

  private InstantText() {}

  static String of(Instant instant) {
    long seconds = instant.getEpochSecond();
    if (seconds < FIRST || seconds >= AFTER_LAST) {
      return instant.toString(); // four-digit years only below; the rare rest as the JDK writes it
    }
    LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, SECONDS_PER_DAY));
    int year = date.getYear();
    int secondOfDay = Math.floorMod(seconds, SECONDS_PER_DAY);
    int nanos = instant.getNano();
    byte[] text = new byte[nanos == 0 ? 20 : 30];
    digits(text, 0, year, 4);
    text[4] = '-';
    digits(text, 5, date.getMonthValue(), 2);
    text[7] = '-';
    digits(text, 8, date.getDayOfMonth(), 2);
    text[10] = 'T';
    digits(text, 11, secondOfDay / 3600, 2);
    text[13] = ':';
    digits(text, 14, secondOfDay / 60 % 60, 2);
    text[16] = ':';
    digits(text, 17, secondOfDay % 60, 2);
    if (nanos != 0) {
      text[19] = '.';
      digits(text, 20, nanos, 9);
    }
    text[text.length - 1] = 'Z';
    return new String(text, StandardCharsets.ISO_8859_1);
  }

  /** Writes {@code value} as {@code count} decimal digits, zero-padded, at {@code at}. */
  private static void digits(byte[] text, int at, int value, int count) {
    for (int i = at + count - 1; i >= at; i--) {
      text[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
  }
}
