package dev.durable.trigger.testing;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;

/** An order, as the tests' messages carry it in JSON: a run refuses a non-positive amount. */
public record Order(@NotBlank String id, @Positive int amount) {}
