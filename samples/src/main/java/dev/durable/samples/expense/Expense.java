package dev.durable.samples.expense;

/** An expense claim: who spent how much on what, paid out to their account once approved. */
public record Expense(String id, String employee, String what, long cents, String account) {}
