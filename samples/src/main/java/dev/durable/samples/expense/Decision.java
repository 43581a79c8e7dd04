package dev.durable.samples.expense;

/** A manager's decision on an expense claim: the {@code decision} signal's value. */
public record Decision(boolean approved, String by, String note) {

  /** The decision taken when no manager answered in time. */
  static Decision noAnswer() {
    return new Decision(false, "nobody", "no decision within three days");
  }
}
