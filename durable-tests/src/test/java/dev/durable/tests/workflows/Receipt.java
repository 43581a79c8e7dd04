package dev.durable.tests.workflows;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;

/** A payment receipt; a step that returns an invalid one fails without retry. */
public record Receipt(@NotBlank String id, @Positive long cents) {}
