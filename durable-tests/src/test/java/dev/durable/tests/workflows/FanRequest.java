package dev.durable.tests.workflows;

import java.util.List;

/** What {@link FanWorkflow} does with its orders: see its modes. */
public record FanRequest(String mode, List<Order> orders) {}
