package dev.durable.samples.checkout;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;

/**
 * What the customer ordered. The constraints are checked when a run starts: an invalid order is
 * refused with an {@code InvalidInputException} and nothing is stored.
 *
 * @param id the order's id, also the idempotency key of its charge
 * @param sku the article
 * @param quantity how many
 * @param card the payment card's token
 */
public record Order(
    @NotBlank String id, @NotBlank String sku, @Positive int quantity, @NotBlank String card) {}
