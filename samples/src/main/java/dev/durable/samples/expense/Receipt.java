package dev.durable.samples.expense;

/** A payout's proof: the bank's transfer id. */
public record Receipt(String transferId, long cents) {}
