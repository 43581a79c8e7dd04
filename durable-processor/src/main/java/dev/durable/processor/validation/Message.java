package dev.durable.processor.validation;

/**
 * One diagnostic made by a factory of {@link Messages}: its entry in the error catalogue and its
 * text, the arguments filled in and the tag in brackets at the end.
 */
public record Message(Messages kind, String text) {}
