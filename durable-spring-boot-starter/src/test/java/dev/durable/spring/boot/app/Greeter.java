package dev.durable.spring.boot.app;

/** An ordinary bean a workflow's step calls. */
public class Greeter {
  public String greet(String name) {
    return "Hello, " + name;
  }
}
