package dev.durable.samples.boot;

/** What a customer ordered. */
public record Order(String customer, String item, int quantity) {}
