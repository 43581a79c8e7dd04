package dev.durable.samples.upgrade;

/**
 * Stock held for an order in one depot: what version 2 of the fulfilment workflow ships from.
 *
 * @param id the reservation's id
 * @param depot the depot that holds the stock
 */
public record Reservation(String id, String depot) {}
