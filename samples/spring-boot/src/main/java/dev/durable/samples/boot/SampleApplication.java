package dev.durable.samples.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application with one workflow, {@link OrderWorkflow}, whose steps call the
 * application's beans. The starter registers {@code OrderWorkflowDurable} as a bean, builds the
 * engine on the application's {@code DataSource} and starts it with the context.
 */
@SpringBootApplication
public class SampleApplication {
  public static void main(String[] args) {
    SpringApplication.run(SampleApplication.class, args);
  }
}
