package dev.durable.tests.workflows;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

/** An order; its constraints are checked when a run starts. */
public record Order(@NotBlank String sku, @Min(1) int quantity) {}
