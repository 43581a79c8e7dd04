package dev.durable.bench;

import java.util.Locale;

/** How the reports write numbers: grouped thousands, a fixed number of decimals, PASS or MISS. */
final class Figures {
  private Figures() {}

  static String f0(double value) {
    return String.format(Locale.ROOT, "%,.0f", value);
  }

  static String f1(double value) {
    return String.format(Locale.ROOT, "%,.1f", value);
  }

  static String f2(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }

  static String verdict(boolean pass) {
    return pass ? "PASS" : "MISS";
  }
}
