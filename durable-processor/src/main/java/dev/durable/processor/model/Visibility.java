package dev.durable.processor.model;

/** The access of a user method that a generated override keeps. */
public enum Visibility {
  PUBLIC,
  PROTECTED,
  PACKAGE_PRIVATE
}
