print("flowcheck")
