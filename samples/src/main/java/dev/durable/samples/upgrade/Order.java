package dev.durable.samples.upgrade;

/**
 * An order to fulfil: the input of both versions of the fulfilment workflow. A newer version that
 * needs another input is possible too, but its runs are then started through its own client.
 *
 * @param id the order's id, also the idempotency key of its charge and its parcel
 * @param sku the article
 * @param quantity how many
 */
public record Order(String id, String sku, int quantity) {}
