package dev.durable.samples.checkout;

/** A successful card charge: stored as the result of step {@code charge}. */
public record Charge(String id, long amountCents) {}
