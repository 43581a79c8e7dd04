package dev.durable.tests.workflows;

/** A price for an order. */
public record Quote(String sku, long cents) {}
