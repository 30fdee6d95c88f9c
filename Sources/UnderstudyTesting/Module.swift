// placeholder until its issue
enum UnderstudyTestingModule {}
