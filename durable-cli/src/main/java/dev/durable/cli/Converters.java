package dev.durable.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How durable-cli reads instants and durations from the command line. */
final class Converters {
  private Converters() {}

  /**
   * An instant: ISO-8601 with a zone or offset ({@code 2026-12-01T22:00:00Z}, {@code
   * 2026-12-01T23:00:00+01:00}), or a date alone for its start in UTC ({@code 2026-12-01}).
   */
  static final class InstantConverter implements ITypeConverter<Instant> {
    @Override
    public Instant convert(String value) {
      try {
        return OffsetDateTime.parse(value).toInstant();
      } catch (DateTimeParseException notAnOffsetTime) {
        try {
          return LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException notADate) {
          throw new TypeConversionException(
              "'" + value + "' is not an instant; write it as 2026-12-01T22:00:00Z (ISO-8601 with"
                  + " a zone) or 2026-12-01 (midnight UTC)");
        }
      }
    }
  }

  /** A duration: a number and a unit ({@code 30d}, {@code 12h}, {@code 15m}, {@code 45s}), or ISO-8601 ({@code PT12H}). */
  static final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern SHORT = Pattern.compile("(\\d{1,9})([dhms])");

    @Override
    public Duration convert(String value) {
      Matcher m = SHORT.matcher(value.toLowerCase(Locale.ROOT));
      Duration duration;
      if (m.matches()) {
        long n = Long.parseLong(m.group(1));
        duration = switch (m.group(2)) {
          case "d" -> Duration.ofDays(n);
          case "h" -> Duration.ofHours(n);
          case "m" -> Duration.ofMinutes(n);
          default -> Duration.ofSeconds(n);
        };
      } else {
        try {
          duration = Duration.parse(value);
        } catch (DateTimeParseException e) {
          throw new TypeConversionException(
              "'" + value + "' is not a duration; write it as 30d, 12h, 15m, 45s or PT12H");
        }
      }
      if (duration.isNegative() || duration.isZero()) {
        throw new TypeConversionException("the duration must be positive, but was " + value);
      }
      return duration;
    }
  }
}
