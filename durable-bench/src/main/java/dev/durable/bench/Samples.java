package dev.durable.bench;

import java.util.Arrays;
import java.util.Locale;

/** Measured durations in nanoseconds, safe to add to from many threads, with percentiles. */
final class Samples {
  private long[] values = new long[1024];
  private int size;

  synchronized void add(long nanos) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = nanos;
  }

  /** Adds every sample of {@code other}. */
  void addAll(Samples other) {
    long[] theirs;
    synchronized (other) {
      theirs = Arrays.copyOf(other.values, other.size);
    }
    synchronized (this) {
      if (size + theirs.length > values.length) {
        values = Arrays.copyOf(values, Math.max(size * 2, size + theirs.length));
      }
      System.arraycopy(theirs, 0, values, size, theirs.length);
      size += theirs.length;
    }
  }

  synchronized int size() {
    return size;
  }

  /** The nearest-rank percentile {@code p} (0 to 100); 0 when there are no samples. */
  synchronized long percentile(double p) {
    if (size == 0) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * size);
    return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
  }

  long p50() {
    return percentile(50);
  }

  long p99() {
    return percentile(99);
  }

  long max() {
    return percentile(100);
  }

  /** Nanoseconds as milliseconds with two decimals. */
  static String ms(long nanos) {
    return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
  }

  /** Nanoseconds as microseconds, no decimals. */
  static String us(long nanos) {
    return String.format(Locale.ROOT, "%,.0f us", nanos / 1e3);
  }
}
