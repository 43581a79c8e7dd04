package dev.durable.samples.intake;

import jakarta.validation.constraints.Positive;

/** An order as the shop publishes it on NATS, in JSON: the run's input. */
public record PlacedOrder(String id, String tenant, @Positive long cents) {}
