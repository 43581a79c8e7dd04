package dev.durable.tests.workflows;

/** The input of one load-test run: its number, and whether its charge step fails once. */
public record LoadJob(int n, boolean failOnce) {}
