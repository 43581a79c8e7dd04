package dev.durable.samples.summaries;

/** A tenant's document to summarize: the run's input. */
public record Document(String tenant, String id, String text) {}
