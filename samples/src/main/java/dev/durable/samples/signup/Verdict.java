package dev.durable.samples.signup;

/** The fraud check's answer: stored as the result of step {@code checkFraud}. */
public record Verdict(boolean approved, String reason) {}
