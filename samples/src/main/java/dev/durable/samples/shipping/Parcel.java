package dev.durable.samples.shipping;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

/** A parcel to ship: its id, weight and destination country. */
public record Parcel(@NotBlank String id, @Min(1) int grams, @NotBlank String country) {}
