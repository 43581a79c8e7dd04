/**
 * The test kit: {@link dev.durable.test.DurableTest} gives each JUnit 5 test a {@link
 * dev.durable.test.DurableTestEnv}, an engine on a fresh in-memory database with in-process
 * workers and a test clock that the test drives ({@code runUntilIdle()}, {@code advance(...)}),
 * fault injection into steps' attempts, and assertions on a run's history ({@link
 * dev.durable.test.RunHistory}).
 */
package dev.durable.test;
