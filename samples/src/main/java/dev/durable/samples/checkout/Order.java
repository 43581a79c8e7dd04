package dev.durable.samples.checkout;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;

/**
 * What the customer ordered. The constraints are checked when a run starts: an invalid order is
 * refused with an {@code InvalidInputException} and nothing is stored.
 *
 * @param id the order's id, also the idempotency key of its charge and of its parcel
 * @param sku the article
 * @param quantity how many
 * @param card the payment card's token
 * @param country where the parcel goes: an ISO 3166 two-letter code such as {@code DE}
 */
public record Order(
    @NotBlank String id,
    @NotBlank String sku,
    @Positive int quantity,
    @NotBlank String card,
    @NotNull @Pattern(regexp = "[A-Z]{2}", message = "must be a two-letter country code such as DE")
        String country) {}
