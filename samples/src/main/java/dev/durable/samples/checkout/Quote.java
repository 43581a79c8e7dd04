package dev.durable.samples.checkout;

/** The pricing service's answer for an order: stored as the result of step {@code fetchQuote}. */
public record Quote(String sku, int quantity, long totalCents) {}
